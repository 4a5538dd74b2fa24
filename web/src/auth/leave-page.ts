/**
 * Sends the browser to another page (a full navigation, leaving the app). An object, so a test
 * spies on it (the web tests never replace a module).
 */
export const pageNavigation = {
  leaveFor(url: string): void {
    window.location.assign(url);
  },
};
