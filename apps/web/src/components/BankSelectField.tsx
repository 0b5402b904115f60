import type { Bank } from '@poisha/contracts';
import { SelectField, type SelectFieldProps } from './ui/SelectField';

interface BankSelectFieldProps extends Omit<SelectFieldProps, 'children'> {
  /** The banks (lib/banks): undefined while they load or when they could not be had, and the select is held. */
  banks: readonly Bank[] | undefined;
  /** The empty first option: that the banks are loading, or to choose one. */
  placeholder: string;
}

/** A bank of the list money comes from and accounts are linked at (linking an account, a bank deposit). */
export function BankSelectField({ banks, placeholder, ...props }: BankSelectFieldProps) {
  return (
    <SelectField disabled={!banks} {...props}>
      <option value="">{placeholder}</option>
      {banks?.map((bank) => (
        <option key={bank.id} value={bank.id}>
          {bank.name}
        </option>
      ))}
    </SelectField>
  );
}
