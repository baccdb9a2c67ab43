import { slugify } from '@om/core';
import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useWallet } from '../wallet/wallet-context.ts';
import { isCustomSlug } from './collection-info-rules.ts';

/** The fields both information forms (collection and auction) have. */
type InfoFields = { name: string; slug: string; creator_btc_address: string };

/**
 * What the collection and auction information forms share (product.md#validation): the slug
 * follows the name (slugify) until the creator types one of their own, and a wallet connected after
 * the form opened fills an empty creator BTC address. Answers the name and slug fields to register.
 */
export function useNameSlugFields<T extends FieldValues & InfoFields>(
  form: UseFormReturn<T, unknown, unknown>,
  initial: InfoFields,
) {
  // The form is typed by its own values; these three fields are all this hook touches.
  const { register, getValues, setValue } = form as unknown as UseFormReturn<InfoFields>;
  const { wallet } = useWallet();
  useEffect(() => {
    if (wallet && getValues('creator_btc_address') === '') {
      setValue('creator_btc_address', wallet.paymentAddress, { shouldValidate: true });
    }
  }, [wallet, getValues, setValue]);

  const [isSlugCustom, setIsSlugCustom] = useState(() => isCustomSlug(initial.name, initial.slug));
  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (isSlugCustom) return;
      const slug = slugify(event.target.value);
      setValue('slug', slug, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
    },
  });
  const slugField = register('slug', {
    onChange: (event: { target: { value: string } }) =>
      setIsSlugCustom(isCustomSlug(getValues('name'), event.target.value)),
  });
  return { nameField, slugField };
}
