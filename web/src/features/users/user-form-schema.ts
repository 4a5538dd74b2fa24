import { messages, newPasswordField, userFieldsSchema } from '@dosechain/contract';
import { z } from 'zod';
import { callingCodeOnlyToNull } from '../../components/form/phone-field.tsx';
import { type SignedInput, withSignature } from '../../components/form/signed-form.ts';

/** The contract's fields, with a phone field that may hold only its calling code (no number). */
const formFields = userFieldsSchema.extend({
  phone: z.preprocess(callingCodeOnlyToNull, userFieldsSchema.shape.phone),
});

/** A new user: the form's fields plus the first password and its confirmation. */
const createFields = formFields.extend({
  password: newPasswordField,
  passwordConfirmation: z.string({ error: messages.confirmPassword }).min(1, messages.confirmPassword),
});
/** An existing user: no password here (the person changes their own). */
const editFields = formFields.extend({
  password: z.string().optional(),
  passwordConfirmation: z.string().optional(),
});

export type UserFormValues = SignedInput<typeof createFields.shape>;

/** The user form's schema with reason and e-signature; on create the confirmation must match. */
export function userFormSchema(creating: boolean, eSignature: boolean) {
  if (!creating) return withSignature(editFields, eSignature);
  return withSignature(createFields, eSignature).refine((v) => v.password === v.passwordConfirmation, {
    message: messages.passwordMismatch,
    path: ['passwordConfirmation'],
  });
}
