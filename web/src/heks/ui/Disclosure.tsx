import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";

/** A show/hide section whose toggle is a real <button aria-expanded> (not <summary>). */
export function Disclosure(props: { label: string; class?: string; children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  return (
    <div class={`disclosure ${props.class ?? ""} ${open ? "open" : ""}`}>
      <button type="button" class="disclosure-btn" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">{open ? "▾" : "▸"}</span> {props.label}
      </button>
      {open && <div class="disclosure-body">{props.children}</div>}
    </div>
  );
}
