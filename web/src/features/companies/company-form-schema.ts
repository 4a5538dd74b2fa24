import { companyFieldsSchema, phoneField } from '@dosechain/contract';
import { z } from 'zod';
import { callingCodeOnlyToNull } from '../../components/form/phone-field.tsx';
import { emptySignature, type SignedInput, type SignedOutput } from '../../components/form/signed-form.ts';

/** The company form's fields: the contract's, a phone field that may hold only its calling code, the links. */
export const companyFormFieldsSchema = companyFieldsSchema.extend({
  phoneNumber: z.preprocess(callingCodeOnlyToNull, phoneField.nullish()),
  imagingCenterIds: z.array(z.number()).optional(),
  clinicalSiteIds: z.array(z.number()).optional(),
});
export type CompanyFormInput = SignedInput<typeof companyFormFieldsSchema.shape>;
export type CompanyFormOutput = SignedOutput<typeof companyFormFieldsSchema.shape>;

export const emptyCompanyForm: CompanyFormInput = {
  name: '',
  phoneNumber: null,
  timezone: '',
  address: { line_1: '', line_2: '', city: '', state: '', country: '', zipCode: '' },
  ...emptySignature,
};

/** The field names a server error may name, for placing it on the form. */
export const companyFormFields = [
  'name',
  'phoneNumber',
  'timezone',
  'address.line_1',
  'address.line_2',
  'address.city',
  'address.state',
  'address.country',
  'address.zipCode',
  'imagingCenterIds',
  'clinicalSiteIds',
  'reasonForChange',
  'electronicSignature',
] as const;
