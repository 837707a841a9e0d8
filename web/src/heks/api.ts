// Vang de Heks's HTTP calls (docs/protocol.md §2) and the seat tokens kept on this phone.
import { call, storage } from "../core/api";
import type { JoinAnswer, RoomSummary, SeatGrant } from "../generated/protocol";

export { HttpError, type ApiError } from "../core/api";

export const createRoom = (name: string) => call<SeatGrant>("POST", "/api/rooms", { name, game: "heks" });
export const joinRoom = (code: string, name: string) =>
  call<JoinAnswer>("POST", `/api/rooms/${encodeURIComponent(code)}/join`, { name });
export const roomSummary = (code: string) => call<RoomSummary>("GET", `/api/rooms/${encodeURIComponent(code)}`);
export const qrUrl = (code: string, to?: "board") =>
  `/api/rooms/${encodeURIComponent(code)}/qr.svg${to ? `?to=${to}` : ""}`;

// Seat tokens, one per room (protocol §1: key nightfall.token.{CODE}).
const tokenKey = (code: string) => `nightfall.token.${code.toUpperCase()}`;
export const loadToken = (code: string): string | null => storage.get(tokenKey(code));
export function saveToken(code: string, token: string): void {
  storage.set(tokenKey(code), token);
  storage.set("nightfall.lastRoom", code.toUpperCase());
}
export const forgetToken = (code: string): void => storage.remove(tokenKey(code));
/** The name of someone who joined while a game ran (a spectator until it ends). */
export const saveLateName = (code: string, name: string): void => storage.set(`nightfall.late.${code.toUpperCase()}`, name);
export const loadLateName = (code: string): string | null => storage.get(`nightfall.late.${code.toUpperCase()}`);
export const forgetLateName = (code: string): void => storage.remove(`nightfall.late.${code.toUpperCase()}`);
export function saveJoinUrl(code: string, url: string | null | undefined): void {
  if (url) storage.set(`nightfall.join.${code.toUpperCase()}`, url);
}
/** The LAN join link the server gave when the room was created (a host on localhost gets the LAN address). */
export function joinUrl(code: string): string {
  return storage.get(`nightfall.join.${code.toUpperCase()}`) || `${location.origin}/r/${code}`;
}

export function lastRoom(): string | null {
  const c = storage.get("nightfall.lastRoom");
  return c && loadToken(c) ? c : null;
}
