import { messages, mutationMeta } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type DefaultValues, type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useESignatureRequired } from './e-signature-field.tsx';

/** A form's own fields plus the reason for change and the e-signature (required when on). */
export function withSignature<S extends z.ZodRawShape>(fields: z.ZodObject<S>, eSignature: boolean) {
  const signature = {
    reasonForChange: mutationMeta.reasonForChange,
    electronicSignature: z.string().refine((v) => !eSignature || v.length > 0, messages.enterPassword),
  };
  // safeExtend: zod refuses `extend` on a schema with object-level checks (placing: notes given
  // twice). Typed as `extend` would be: its checks of the added keys need a concrete shape.
  type Extended = ReturnType<typeof fields.extend<typeof signature>>;
  return fields.safeExtend(signature as never) as unknown as Extended;
}

type Signed<S extends z.ZodRawShape> = ReturnType<typeof withSignature<S>>;
/** The values a signed form holds, and what it submits. */
export type SignedInput<S extends z.ZodRawShape> = z.input<Signed<S>>;
export type SignedOutput<S extends z.ZodRawShape> = z.output<Signed<S>>;

/** What every signed form starts with. */
export const emptySignature = { reasonForChange: '', electronicSignature: '' };

/**
 * A react-hook-form form of the contract's fields plus reason and e-signature, validated on
 * change with the contract's messages; with it the schema it is validated with (a dialog names
 * the missing fields by it).
 */
export function useSignedForm<S extends z.ZodRawShape>(
  fields: z.ZodObject<S>,
  defaultValues: Omit<DefaultValues<SignedInput<S>>, keyof typeof emptySignature>,
) {
  const eSignature = useESignatureRequired();
  const schema = useMemo(() => withSignature(fields, eSignature), [fields, eSignature]);
  const form = useForm<SignedInput<S>, unknown, SignedOutput<S>>({
    mode: 'onChange',
    resolver: zodResolver(schema) as unknown as Resolver<SignedInput<S>, unknown, SignedOutput<S>>,
    defaultValues: { ...defaultValues, ...emptySignature } as DefaultValues<SignedInput<S>>,
  });
  return { ...form, schema };
}
