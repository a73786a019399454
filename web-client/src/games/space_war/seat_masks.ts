// The view's seat marks are bit masks (View.seats_to_act, seats_in_contest, seats_flipped:
// bit n is seat n), one small number for the table where flags of each seat cost a list
// patch whenever one changed.
export function hasSeat(mask: number, seat: number): boolean {
  return seat >= 0 && seat < 32 && ((mask >>> seat) & 1) === 1;
}
