import { z } from 'zod';

/**
 * The back office's "who" filters (issue 19, decision 0169): a person's name, email or account
 * number where a list used to want an id. The server turns the text into ids with bounded queries.
 */
export const PERSON_FILTER_LENGTH_MAX = 100;
/** A filter naming more people than this is refused: type more of the name. */
export const PERSON_FILTER_MATCHES_MAX = 50;

export const personFilterSchema = z.string().trim().min(1).max(PERSON_FILTER_LENGTH_MAX);
