/** Sends the browser to another page (a full navigation, leaving the app): a seam tests replace. */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
