/** How often the list and the detail refetch while the page is visible (members' states and counts move as customers scan). */
export const REFRESH_MS = 10_000;
