-- Rooms, their games and every accepted command, in order: a game is
-- (config, seed, commands), so this is enough to rebuild any room.
CREATE TABLE rooms (
    code       TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    status     TEXT NOT NULL,
    lobby      JSONB NOT NULL,
    revision   BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE games (
    code    TEXT NOT NULL REFERENCES rooms(code),
    game_no INTEGER NOT NULL,
    config  JSONB NOT NULL,
    seed    BIGINT NOT NULL,
    seating JSONB NOT NULL,
    result  JSONB,
    PRIMARY KEY (code, game_no)
);
CREATE TABLE commands (
    code    TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    command JSONB NOT NULL,
    PRIMARY KEY (code, game_no, seq),
    FOREIGN KEY (code, game_no) REFERENCES games(code, game_no)
);
CREATE INDEX rooms_open ON rooms (updated_ms) WHERE status <> 'closed';
