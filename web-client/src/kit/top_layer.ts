// Floating pieces of the kit (a card's zoomed copy, a Tip's text) are shown in the browser's
// top layer (the Popover API, `popover="manual"`): drawn above everything, never clipped by
// a card's or a panel's `overflow` (a keyword's explanation on a Terminus card was cut to a
// sliver by the card's frame), and never placed by an ancestor with a `filter` or a
// `transform` (either makes a `position: fixed` child follow that ancestor instead of the
// screen: a disabled Module's zoom opened off the screen's edge). Where they go is computed
// here from the anchor's box, inside the screen. A browser without popovers keeps the CSS
// placement the pieces had before (inside their anchor).

export interface Box { x: number; y: number; w: number; h: number }
export interface Size { w: number; h: number }

// Where a floating box of `size` goes, in viewport px. "over": centred on the anchor, its
// top a little above the anchor's (a card's zoom covers the card it enlarges); "below":
// under the anchor from its left edge, or above it when there is no room below (a Tip).
// Always inside the viewport with `margin` to spare; a box wider or taller than that starts
// at the margin (a zoom then scrolls).
export function placeFloating(anchor: Box, size: Size, view: Size, how: "over" | "below", margin = 8): { x: number; y: number } {
  const clamp = (v: number, len: number, room: number) => Math.max(margin, Math.min(v, room - margin - len));
  if (how === "over") {
    return { x: clamp(anchor.x + anchor.w / 2 - size.w / 2, size.w, view.w), y: clamp(anchor.y - 8, size.h, view.h) };
  }
  const below = anchor.y + anchor.h + 4;
  const above = anchor.y - 4 - size.h;
  const y = below + size.h <= view.h - margin || above < margin ? below : above;
  return { x: clamp(anchor.x, size.w, view.w), y: clamp(y, size.h, view.h) };
}

// Whether this browser has the top layer for popovers.
export function hasTopLayer(el: HTMLElement): boolean {
  return typeof el.showPopover === "function";
}

// Shows `el` (a `popover="manual"` element) in the top layer and keeps it placed against
// `anchor` while the page or any scroll box scrolls or the window is resized. Returns the
// function that stops following and hides it. Without popovers, does nothing.
export function floatNear(el: HTMLElement, anchor: HTMLElement, how: "over" | "below"): () => void {
  if (!hasTopLayer(el)) return () => {};
  try {
    if (!el.matches(":popover-open")) el.showPopover();
  } catch {
    return () => {};   // detached meanwhile
  }
  const place = () => {
    const r = anchor.getBoundingClientRect();
    const at = placeFloating({ x: r.left, y: r.top, w: r.width, h: r.height }, { w: el.offsetWidth, h: el.offsetHeight },
      { w: document.documentElement.clientWidth, h: window.innerHeight }, how);
    el.style.setProperty("--float-x", `${Math.round(at.x)}px`);
    el.style.setProperty("--float-y", `${Math.round(at.y)}px`);
  };
  place();
  window.addEventListener("scroll", place, { capture: true, passive: true });
  window.addEventListener("resize", place);
  return () => {
    window.removeEventListener("scroll", place, { capture: true });
    window.removeEventListener("resize", place);
    try {
      if (el.matches(":popover-open")) el.hidePopover();
    } catch {
      /* already gone */
    }
  };
}
