/**
 * A study's schedule (issue 36, decision 057): each timepoint's day offset and window from the
 * anchor timepoint, a subject's window for its next order, and the subjects due.
 */
export { scheduleRoutes } from './routes.ts';
export { dateIn } from './subject-anchor.ts';
