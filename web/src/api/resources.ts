/**
 * API resources that more than one feature names (drugs and exams are picked in other features'
 * forms; live events refresh the availability list and the Place order calendar's search).
 */
export const DRUGS = '/drugs';
export const EXAMS = '/exams';
export const AVAILABILITIES = '/drug-availabilities';
export const AVAILABILITY_SEARCH = '/drug-availabilities/search';
