// HTTP half of the protocol (docs/protocol.md §2): JSON in, JSON out, errors as {error: {code, params}}.

/** The server's ErrorBody (generated/protocol.ts), or one the client makes up (network). */
export interface ApiError {
  code: string;
  params?: Record<string, unknown>;
  rule?: string;
  message?: string;
}

export class HttpError extends Error {
  constructor(public readonly error: ApiError, public readonly status: number) {
    super(error.code);
  }
}

/** One API call; throws HttpError (status 0 when the network failed) on anything but 2xx.
 * ``token``: sent as ``Authorization: Bearer`` (a host tool checks it before reading the body). */
export async function call<T>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  let res: Response;
  const headers: Record<string, string> = body === undefined ? {} : { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    res = await fetch(path, {
      method,
      headers,
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

/** localStorage that never throws (private mode: values live as long as the tab). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* private mode */
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};
