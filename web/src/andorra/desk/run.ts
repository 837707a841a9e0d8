

/** Send a host command (the desk shows its error and blocks double sends). */
export type Run = (type: string, payload?: Record<string, unknown>) => Promise<void>;
