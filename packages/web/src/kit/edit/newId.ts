/** The id segment that means creation (spec part 1 section 4: the id 'new' is id 0). */
export const NEW = 'new';
