export * from './issuable-diff';
