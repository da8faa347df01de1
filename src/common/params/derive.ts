import { Type } from '@nestjs/common';
import { ArgSpec, getArgSpecs, setArgSpecs } from './arg-spec';

/**
 * The update variant of a create DTO: every parameter optional, no applied defaults (a true
 * partial update, CONTRACT §3), optionally clearable with null or "". class-validator rules are
 * inherited through the class chain.
 */
export function PartialArgs<T>(base: Type<T>, change: (spec: ArgSpec) => Partial<ArgSpec> = () => ({})): Type<Partial<T>> {
  abstract class PartialDto extends (base as Type<object>) {}
  setArgSpecs(
    PartialDto,
    getArgSpecs(base).map((spec) => ({ ...spec, required: false, applyDefault: false, ...change(spec) })),
  );
  return PartialDto as unknown as Type<Partial<T>>;
}
