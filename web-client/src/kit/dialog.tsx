// A modal on <dialog>: the browser keeps focus inside it and Escape closes it. The element
// stays mounted while open, so updates of the page behind it never move the focus.
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

export function Dialog(p: { open: boolean; onClose: () => void; title: string; children: ComponentChildren; testid?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (p.open && !d.open) {
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
    } else if (!p.open && d.open) d.close();
  }, [p.open]);
  return (
    <dialog ref={ref} class="dialog" aria-label={p.title} data-testid={p.testid} onClose={() => p.open && p.onClose()}>
      <div class="dialog__head">
        <h2>{p.title}</h2>
        <button type="button" class="secondary" name="close-dialog" onClick={() => p.onClose()}>Close</button>
      </div>
      <div class="dialog__body">{p.open ? p.children : null}</div>
    </dialog>
  );
}
