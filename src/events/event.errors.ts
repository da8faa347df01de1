import { ResourceErrorTable } from '../common/errors/error-table';

/** The error codes of events (tec-events-api §4, CONTRACT §2.1), with their translations; collected by common/errors/error-codes.ts. */
export const EVENT_ERRORS = {
  'rest-event-not-found': {
    status: 404,
    message: 'Event with ID %s does not exist.',
    de_DE: 'Die Veranstaltung mit der ID %s existiert nicht.',
    fr_FR: 'L’évènement avec l’ID %s n’existe pas.',
  },
  'rest-invalid-event-id': {
    status: 400,
    message: 'The specified ID is not a valid event.',
    de_DE: 'Die angegebene ID ist keine gültige Veranstaltung.',
    fr_FR: 'L’ID indiqué n’est pas celui d’un évènement valide.',
  },
  'event-not-accessible': {
    status: 403,
    message: 'The requested event is not accessible',
    de_DE: 'Die angeforderte Veranstaltung ist nicht zugänglich',
    fr_FR: 'L’évènement demandé n’est pas accessible',
  },
  'event-password-protected': {
    status: 403,
    message: 'The requested event is not accessible without a password',
    de_DE: 'Die angeforderte Veranstaltung ist ohne Passwort nicht zugänglich',
    fr_FR: 'L’évènement demandé n’est pas accessible sans mot de passe',
  },
  'event-no-longer-available': {
    status: 403,
    message: 'This event is no longer available',
    de_DE: 'Diese Veranstaltung ist nicht mehr verfügbar',
    fr_FR: 'Cet évènement n’est plus disponible',
  },
  'event-archive-page-not-found': {
    status: 404,
    message: 'The requested event archive page does not exist',
    de_DE: 'Die angeforderte Seite des Veranstaltungsarchivs existiert nicht',
    fr_FR: 'La page d’archive d’évènements demandée n’existe pas',
  },
  'event-is-in-trash': {
    status: 410,
    message: 'The event is already trashed',
    de_DE: 'Die Veranstaltung ist bereits im Papierkorb',
    fr_FR: 'L’évènement est déjà dans la corbeille',
  },
} as const satisfies ResourceErrorTable;
