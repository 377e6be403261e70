/** The incident-timeline module's face: all that code outside it may import (modules/README.md). */
export { addAutomaticTimelineEvents, insertTimelineEvent, timelineNoteHtml } from './timeline-event-rows';
