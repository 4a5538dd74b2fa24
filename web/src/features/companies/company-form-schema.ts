import { companyFieldsSchema, messages, mutationMeta, phoneField } from '@dosechain/contract';
import { z } from 'zod';
import { callingCodeOnlyToNull } from '../../components/form/phone-field.tsx';

/** The company form: the contract's fields plus reason and e-signature (required when on). */
export function companyFormSchema(eSignature: boolean) {
  return companyFieldsSchema.extend({
    phoneNumber: z.preprocess(callingCodeOnlyToNull, phoneField.nullish()),
    imagingCenterIds: z.array(z.number()).optional(),
    clinicalSiteIds: z.array(z.number()).optional(),
    reasonForChange: mutationMeta.reasonForChange,
    electronicSignature: eSignature ? z.string().min(1, messages.enterPassword) : z.string().optional(),
  });
}
export type CompanyFormInput = z.input<ReturnType<typeof companyFormSchema>>;
export type CompanyFormOutput = z.output<ReturnType<typeof companyFormSchema>>;

export const emptyCompanyForm: CompanyFormInput = {
  name: '',
  phoneNumber: null,
  timezone: '',
  address: { line_1: '', line_2: '', city: '', state: '', country: '', zipCode: '' },
  reasonForChange: '',
  electronicSignature: '',
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
