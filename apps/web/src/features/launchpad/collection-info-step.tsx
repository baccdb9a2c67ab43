import { zodResolver } from '@hookform/resolvers/zod';
import {
  collectionInfoSchema,
  type CollectionInfo,
  type CollectionInfoInput,
  type Network,
} from '@om/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Loading } from '../../components/ui/load-state.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { InputField } from '../../shared/form-field.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import { XAccountField } from '../x-account/x-account-field.tsx';
import { REQUIRED_INFO_FIELDS } from './collection-info-rules.ts';
import { BannerField } from './banner-field.tsx';
import { IconField } from './icon-field.tsx';
import type { StepProps } from './launch-draft.ts';
import { useNameInUseWarning, useSlugAvailability } from './use-collection-checks.ts';
import { useNameSlugFields } from './use-name-slug-fields.ts';
import { TextAreaField } from './wizard-fields.tsx';
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
      <Section title="Links">
        <InputField
          label="Website"
          error={field('website_link')}
          inputProps={{ type: 'url', placeholder: 'https://', ...register('website_link') }}
        />
        <XAccountField
          value={twitterLink ?? ''}
          error={field('twitter_link')}
          inputProps={register('twitter_link')}
        />
        <InputField
          label="Discord"
          error={field('discord_link')}
          inputProps={{ placeholder: 'discord.gg/invite-code', ...register('discord_link') }}
        />
        <InputField
          label="Telegram"
          error={field('telegram_link')}
          inputProps={{ placeholder: 't.me/yourname', ...register('telegram_link') }}
        />
        <InputField
          label="Instagram"
          error={field('instagram_link')}
          inputProps={{ placeholder: 'instagram.com/yourname', ...register('instagram_link') }}
        />
      </Section>
      <Section title="Creator">
        <InputField
          label="Creator name"
          error={field('creator_name')}
          inputProps={register('creator_name')}
        />
        <InputField
          label="Creator email"
          error={field('creator_email')}
          inputProps={{ type: 'email', ...register('creator_email') }}
        />
        <InputField
          label="Creator BTC address"
          error={field('creator_btc_address')}
          inputProps={{ spellCheck: false, ...register('creator_btc_address') }}
        />
      </Section>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-zinc-200">{title}</legend>
      {children}
    </fieldset>
  );
}
