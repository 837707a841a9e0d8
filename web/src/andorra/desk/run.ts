import type { AndorraCommand, PayloadArg } from "../send";

/** Send a host command (the desk shows its error and blocks double sends). */
export type Run = <K extends AndorraCommand>(type: K, ...payload: PayloadArg<K>) => Promise<void>;
