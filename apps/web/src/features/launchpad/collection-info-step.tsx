import { zodResolver } from '@hookform/resolvers/zod';
import {
  collectionInfoSchema,
  type CollectionInfo,
  type CollectionInfoInput,
  type Network,
} from '@om/core';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Loading } from '../../components/ui/load-state.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { InputField } from '../../shared/form-field.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import { REQUIRED_INFO_FIELDS } from './collection-info-rules.ts';
import { BannerField } from './banner-field.tsx';
import { IconField } from './icon-field.tsx';
import type { StepProps } from './launch-draft.ts';
import { useNameInUseWarning, useSlugAvailability } from './use-collection-checks.ts';
import { useNameSlugFields } from './use-name-slug-fields.ts';
import { CreatorSection, LinksSection, Section, TextAreaField } from './wizard-fields.tsx';
import { areRequiredFieldsTouched, EMPTY_INFO } from './wizard-steps.ts';

/**
 * Submit Information (product.md#validation "Collection information"): the form waits for the
 * network.
 */
export function CollectionInfoStep(props: StepProps) {
  const network = useAppConfig()?.network;
  if (!network) return <Loading what="the configuration" />;
  return <CollectionInfoForm {...props} network={network} />;
}

function CollectionInfoForm({
  draft,
  onChange,
  onValidChange,
  network,
}: StepProps & { network: Network }) {
  const { wallet } = useWallet();
  const schema = useMemo(() => collectionInfoSchema(network), [network]);
  // Payouts go to the connected wallet's payment address (ADR 010), so it is the default.
  const [initial] = useState(() => ({
    ...EMPTY_INFO,
    ...draft.info,
    creator_btc_address: draft.info.creator_btc_address || wallet?.paymentAddress || '',
  }));
  const form = useForm<CollectionInfoInput, unknown, CollectionInfo>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const { register, control, formState, setValue, subscribe } = form;
  const { errors, touchedFields, isValid } = formState;

  const name = useWatch({ control, name: 'name' });
  const slug = useWatch({ control, name: 'slug' });
  const twitterLink = useWatch({ control, name: 'twitter_link' });
  const icon = useWatch({ control, name: 'icon' });
  const banner = useWatch({ control, name: 'banner' });
  useNameInUseWarning(name);
  const slugAvailability = useSlugAvailability(slug);

  const { nameField, slugField } = useNameSlugFields(form, initial);

  // Every change goes to the draft, so Previous and Next keep what was typed.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => onChange({ info: values }),
      }),
    [subscribe, onChange],
  );

  const isReady =
    isValid &&
    slugAvailability.isAvailable &&
    areRequiredFieldsTouched(REQUIRED_INFO_FIELDS, touchedFields, initial);
  useEffect(() => {
    onValidChange(isReady);
  }, [isReady, onValidChange]);

  const field = (key: keyof CollectionInfoInput) => errors[key]?.message;
  const at = (key: keyof CollectionInfoInput) => ({ error: field(key), inputProps: register(key) });

  return (
    <form noValidate className="flex flex-col gap-6" onSubmit={(event) => event.preventDefault()}>
      <p className="text-sm text-zinc-400">Every field is required except the links.</p>
      <Section title="Collection">
        <InputField label="Collection name" error={field('name')} inputProps={nameField} />
        <InputField
          label="Slug"
          error={field('slug') ?? slugAvailability.error}
          inputProps={{ spellCheck: false, ...slugField }}
        />
        <TextAreaField
          label="Description"
          error={field('description')}
          textareaProps={{ rows: 4, ...register('description') }}
          className="md:col-span-2"
        />
        <IconField
          url={icon}
          error={field('icon')}
          onUploaded={(url) =>
            setValue('icon', url, { shouldValidate: true, shouldTouch: true, shouldDirty: true })
          }
          onRejected={() => setValue('icon', '', { shouldValidate: true, shouldTouch: true })}
        />
        <BannerField
          url={banner ?? ''}
          onChange={(url) => setValue('banner', url, { shouldValidate: true, shouldDirty: true })}
        />
      </Section>
      <LinksSection website={at('website_link')} field={at} twitterValue={twitterLink ?? ''} />
      <CreatorSection field={at} />
    </form>
  );
}
