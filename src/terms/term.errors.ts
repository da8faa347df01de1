import { ResourceErrorTable } from '../common/errors/error-table';

/** The error codes of categories and tags (tec-other-api §1.3), with their translations; collected by common/errors/error-codes.ts. */
export const TERM_ERRORS = {
  rest_term_invalid: {
    status: 404,
    message: 'Term does not exist.',
    de_DE: 'Der Begriff existiert nicht.',
    fr_FR: 'Le terme n’existe pas.',
  },
  term_exists: {
    status: 400,
    message: 'A term with the name provided already exists in this taxonomy.',
    de_DE: 'Ein Begriff mit diesem Namen existiert bereits in dieser Taxonomie.',
    fr_FR: 'Un terme portant ce nom existe déjà dans cette taxonomie.',
  },
  empty_term_name: {
    status: 400,
    message: 'A name is required for this term.',
    de_DE: 'Für diesen Begriff ist ein Name erforderlich.',
    fr_FR: 'Un nom est requis pour ce terme.',
  },
  duplicate_term_slug: {
    status: 400,
    message: 'The slug “%s” is already in use by another term.',
    de_DE: 'Die Titelform „%s“ wird bereits von einem anderen Begriff verwendet.',
    fr_FR: 'L’identifiant « %s » est déjà utilisé par un autre terme.',
  },
} as const satisfies ResourceErrorTable;
