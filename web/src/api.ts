// HTTP half of the protocol (docs/protocol.md §2).

export interface ApiError {
  code: string;
  params?: Record<string, unknown>;
}

export class HttpError extends Error {
  constructor(public readonly error: ApiError, public readonly status: number) {
    super(error.code);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new HttpError({ code: "network" }, 0);
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    /* empty body */
  }
  if (!res.ok) {
    const err = (data as { error?: ApiError } | null)?.error ?? { code: res.status === 404 ? "no_room" : "unknown" };
    throw new HttpError(err, res.status);
  }
  return data as T;
}

export interface SeatGrant {
  code: string;
  pid: number | null;
  token: string | null;
  host: boolean;
  spectator?: boolean;
  join_url?: string;
  board_url?: string;
}

export interface RoomSummary {
  code: string;
  game: string;
  status: "lobby" | "playing" | "ended";
  members: { pid: number; name: string; host: boolean }[];
  min_players: number;
  max_players: number;
}

export const createRoom = (name: string) => call<SeatGrant>("POST", "/api/rooms", { name, game: "heks" });
export const joinRoom = (code: string, name: string) =>
  call<SeatGrant>("POST", `/api/rooms/${encodeURIComponent(code)}/join`, { name });
export const roomSummary = (code: string) => call<RoomSummary>("GET", `/api/rooms/${encodeURIComponent(code)}`);
export const qrUrl = (code: string) => `/api/rooms/${encodeURIComponent(code)}/qr.svg`;

// Seat tokens, one per room (protocol §1: key nightfall.token.{CODE}).
const tokenKey = (code: string) => `nightfall.token.${code.toUpperCase()}`;
export function loadToken(code: string): string | null {
  try {
    return localStorage.getItem(tokenKey(code));
  } catch {
    return null;
  }
}
export function saveToken(code: string, token: string): void {
  try {
    localStorage.setItem(tokenKey(code), token);
    localStorage.setItem("nightfall.lastRoom", code.toUpperCase());
  } catch {
    /* private mode: the seat lives as long as the tab */
  }
}
export function forgetToken(code: string): void {
  try {
    localStorage.removeItem(tokenKey(code));
  } catch {
    /* ignore */
  }
}
export function saveJoinUrl(code: string, url: string | undefined): void {
  if (!url) return;
  try {
    localStorage.setItem(`nightfall.join.${code.toUpperCase()}`, url);
  } catch {
    /* ignore */
  }
}
/** The LAN join link the server gave when the room was created (a host on localhost gets the LAN address). */
export function joinUrl(code: string): string {
  try {
    const u = localStorage.getItem(`nightfall.join.${code.toUpperCase()}`);
    if (u) return u;
  } catch {
    /* ignore */
  }
  return `${location.origin}/r/${code}`;
}

export function lastRoom(): string | null {
  try {
    const c = localStorage.getItem("nightfall.lastRoom");
    return c && loadToken(c) ? c : null;
  } catch {
    return null;
  }
}
