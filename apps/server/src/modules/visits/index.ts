/** The visits module's face: all that code outside it may import (modules/README.md). */
export { frecentGroups, frecentProjects, MAX_FRECENT_ITEMS } from './frecent.service';
export { type TrackVisitInput, trackVisitSchema, VISIT_TYPES, type VisitType } from './visit-params';
export { MAX_VISITS_PER_USER, trackVisit, VISIT_RETENTION_MONTHS } from './visits.service';
