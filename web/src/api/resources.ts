/** API resources that more than one feature names (drugs and exams are picked in other features' forms). */
export const DRUGS = '/drugs';
export const EXAMS = '/exams';
