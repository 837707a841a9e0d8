-- The fencing token of the node that owns the room (a lease counter from Redis).
-- A write carrying a smaller token comes from a node that lost the room.
ALTER TABLE rooms ADD COLUMN fence BIGINT NOT NULL DEFAULT 0;
