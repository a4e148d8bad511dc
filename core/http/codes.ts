// The envelope's codes (isomorphic: the OpenAPI parts plugins declare read them too).
// 200 success, 500 error, 505 alert, 20011 not logged in.
export const CODE = {
  OK: 200,
  ERROR: 500,
  ALERT: 505,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_LOGGED_IN: 20011,
} as const;
