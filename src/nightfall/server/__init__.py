"""The game server: lobby and rooms, seat tokens, one writer per room, timers,
the WebSocket protocol (docs/protocol.md) and the HTTP pages/API."""
