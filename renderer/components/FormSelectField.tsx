import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { SelectField } from './FormFields.js';
import type { ComponentProps } from 'react';

type Props<T extends FieldValues> = Omit<ComponentProps<typeof SelectField>, 'value' | 'onValueChange' | 'onBlur' | 'ref'> & {
  readonly control: Control<T>;
  readonly name: Path<T>;
};

/** A SelectField bound to a react-hook-form field (the kit's Select is controlled, so it goes through a Controller). */
export function FormSelectField<T extends FieldValues>({ control, name, ...field }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: bound }) => <SelectField {...field} value={bound.value} onValueChange={bound.onChange} onBlur={bound.onBlur} ref={bound.ref} />}
    />
  );
}
