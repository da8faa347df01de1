import { ValidateUntyped } from '../common/params/validate';
import { NAMESPACE } from '../namespace';

export const CONTEXTS = ['view', 'embed', 'edit'] as const;

/** GET /calendar/events/v1 (specification §4.1): both untyped with a default, as WordPress core declares them. */
export class NamespaceIndexArgs {
  @ValidateUntyped({
    name: 'namespace',
    default: NAMESPACE,
    applyDefault: true,
    indexBare: true,
    description: 'The namespace whose routes are listed',
  })
  namespace!: unknown;

  @ValidateUntyped({
    name: 'context',
    default: 'view',
    applyDefault: true,
    enum: CONTEXTS,
    indexBare: true,
    description: 'Scope under which the request is made; determines fields present in response.',
  })
  context!: (typeof CONTEXTS)[number];
}
