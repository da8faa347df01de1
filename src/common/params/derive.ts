import { Type } from '@nestjs/common';
import { documentArg } from './arg-docs';
import { ArgSpec, getArgSpecs, setArgSpecs } from './arg-spec';

/**
 * The update variant of a create DTO: every parameter optional, no applied defaults (a true
 * partial update, CONTRACT §3), optionally clearable with null or "". class-validator rules are
 * inherited through the class chain.
 */
export function PartialArgs<T>(base: Type<T>, change: (spec: ArgSpec) => Partial<ArgSpec> = () => ({})): Type<Partial<T>> {
  abstract class PartialDto extends (base as Type<object>) {}
  const specs = getArgSpecs(base).map((spec) => ({ ...spec, required: false, applyDefault: false, ...change(spec) }));
  setArgSpecs(PartialDto, specs);
  for (const spec of specs) documentArg(PartialDto.prototype, spec);
  return PartialDto as unknown as Type<Partial<T>>;
}
