-- Each server's heartbeat: after a crash, the time from its last mark to its restart
-- is the outage, given back to every running game timer (docs/rules/heks.md H-TBL-4).
CREATE TABLE alive (
    node TEXT PRIMARY KEY,
    ms   BIGINT NOT NULL
);
