import { zodResolver } from '@hookform/resolvers/zod';
import { auctionInfoSchema, type AuctionInfo, type AuctionInfoInput, type Network } from '@om/core';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Loading } from '../../components/ui/load-state.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { InputField } from '../../shared/form-field.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import { EMPTY_AUCTION_INFO, REQUIRED_AUCTION_INFO_FIELDS } from './auction-draft.ts';
import type { StepProps } from './launch-draft.ts';
import { useAuctionPatch } from './use-auction-patch.ts';
import { useAuctionSlugAvailability } from './use-auction-slug.ts';
import { useNameSlugFields } from './use-name-slug-fields.ts';
import { CreatorSection, LinksSection, Section, TextAreaField } from './wizard-fields.tsx';
import { areRequiredFieldsTouched } from './wizard-steps.ts';

/**
 * 'Launch Your Auction' (product.md#validation "Auction", info): the form waits for the network.
 */
export function AuctionInfoStep(props: StepProps) {
  const network = useAppConfig()?.network;
  if (!network) return <Loading what="the configuration" />;
  return <AuctionInfoForm {...props} network={network} />;
}

type Values = Required<AuctionInfoInput>;

function AuctionInfoForm({
  draft,
  onChange,
  onValidChange,
  network,
}: StepProps & { network: Network }) {
  const { wallet } = useWallet();
  const schema = useMemo(() => auctionInfoSchema(network), [network]);
  // The seller is paid at the connected wallet's payment address, so it is the default.
  const [initial] = useState<Values>(() => ({
    ...EMPTY_AUCTION_INFO,
    ...draft.auction.info,
    creator_btc_address: draft.auction.info.creator_btc_address || wallet?.paymentAddress || '',
  }));
  const form = useForm<Values, unknown, AuctionInfo>({
    // The form holds every field; the schema also takes the links left out.
    resolver: zodResolver(schema) as Resolver<Values, unknown, AuctionInfo>,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const { register, control, formState, subscribe } = form;
  const { errors, touchedFields, isValid } = formState;
  const slug = useWatch({ control, name: 'slug' });
  const twitterLink = useWatch({ control, name: 'twitter_link' });
  const slugAvailability = useAuctionSlugAvailability(
    slug,
    draft.auction.created?.payload.auction_id,
  );

  const { nameField, slugField } = useNameSlugFields(form, initial);

  // Every change goes to the draft, so Previous and Next keep what was typed.
  const patchAuction = useAuctionPatch(draft.auction, onChange);
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => patchAuction({ info: values }),
      }),
    [subscribe, patchAuction],
  );

  const isReady =
    isValid &&
    slugAvailability.isAvailable &&
    areRequiredFieldsTouched(REQUIRED_AUCTION_INFO_FIELDS, touchedFields, initial);
  useEffect(() => {
    onValidChange(isReady);
  }, [isReady, onValidChange]);

  const field = (key: keyof Values) => errors[key]?.message;
  const at = (key: keyof Values) => ({ error: field(key), inputProps: register(key) });

  return (
    <form noValidate className="flex flex-col gap-6" onSubmit={(event) => event.preventDefault()}>
      <p className="text-sm text-zinc-400">Every field is required except the links.</p>
      <Section title="Auction">
        <InputField label="Auction name" error={field('name')} inputProps={nameField} />
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
      </Section>
      <LinksSection website={at('auction_url')} field={at} twitterValue={twitterLink ?? ''} />
      <CreatorSection field={at} />
    </form>
  );
}
