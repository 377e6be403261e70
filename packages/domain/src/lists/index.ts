/**
 * Lists count at most this many rows, as GitLab does: past 10,000 the server leaves X-Total and
 * X-Total-Pages out (an exact count over a million rows costs more than the page itself), and
 * the web app shows "10,000+".
 */
export const COUNT_CAP = 10_000;
