// TEMPORARY (kit-web branch only, removed when kit-tables merges): runs the old DOM-built
// tables inside the Preact pages so the pages can be tried in a browser before the new
// tables land. Not part of the contract; nothing imports it once games/index.ts points
// at the real modules.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { useEffect, useRef } from "preact/hooks";
import type { AnyGameClient } from "./types.js";

export function legacy(old: any, blurb: string): AnyGameClient {
  const OptionsForm = (p: { seats: number; onChange(o: Uint8Array | string): void }) => {
    const box = useRef<HTMLDivElement>(null);
    const form = useRef<any>(null);
    useEffect(() => {
      form.current = old.optionsForm();
      box.current!.replaceChildren(form.current.element);
      const report = () => p.onChange(form.current.read(p.seats));
      form.current.element.addEventListener("change", report);
      form.current.element.addEventListener("input", report);
      report();
    }, []);
    useEffect(() => {
      form.current?.setSeats?.(p.seats);
      if (form.current) p.onChange(form.current.read(p.seats));
    }, [p.seats]);
    return <div ref={box} />;
  };
  const Table = (p: { view: any; previous?: any; ctx: any }) => {
    const box = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const ctx = {
        ...p.ctx,
        timer: () => null,
        actionButton: undefined,   // every move goes to the page's move panel
      };
      box.current!.replaceChildren(old.renderTable(p.view, ctx));
    });
    return <div ref={box} class="legacy-table" />;
  };
  return {
    ...old,
    blurb,
    OptionsForm,
    Table,
    revealPauseMs: () => 0,
    rules: { summary: "", glossary: [{ term: "Rules", text: "The rules summary comes with the new tables." }] },
  } as AnyGameClient;
}
