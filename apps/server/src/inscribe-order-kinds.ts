import { editionKind } from './features/editions/edition-kind.ts';
import { directKind, type OrderKinds } from './features/inscription-service/inscribe-kinds.ts';

/**
 * The inscription service's order kinds, composed here above the features (ADR 027): the edition
 * kind builds on the service, so the service is given it rather than importing it.
 */
export const orderKinds: OrderKinds = { direct: directKind, edition: editionKind };
