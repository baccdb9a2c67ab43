/**
 * Toast and error texts of product.md#errors (plus the screen texts of product.md#wizard-screens,
 * #states-and-transitions, #market-screens), word for word. Validation messages live next to their
 * rules.
 */

// Wallet and sign-in (product.md#roles, #errors). The market side also writes it without a period.
export const CONNECT_YOUR_WALLET = 'Please connect your wallet.';
export const CONNECT_WALLET = 'Please connect wallet.';
export const CONNECT_YOUR_WALLET_NO_PERIOD = 'Please connect your wallet';
export const WALLET_NOT_CONFIGURED = 'Wallet is not configured correctly.';
export const X_CONNECT_FAILED = 'Something went wrong when connecting X account';
export const X_CONNECTED = 'Successfully connected X Account';

// Launch flows (product.md#wizard-screens, #states-and-transitions, #validation, #errors).
export const LAUNCHPAD_NOT_CONFIGURED = 'Launchpad is not configured';
export const ACCEPT_TERMS_FIRST = 'Please accept terms and conditions first';
export const AGREE_TO_ALL_TERMS = 'You must agree to all terms and conditions before signing.';
export const CREATE_LAUNCHPAD_FIRST = 'Please create a launchpad first.';
export const FAILED_TO_CREATE_LAUNCHPAD = 'Failed to create launchpad';
export const failedToCreateLaunchpad = (message: string) =>
  `Failed to create launchpad: ${message}`;
export const FAILED_TO_ONBOARD_COLLECTION = 'Failed to onboard collection';
export const FAILED_TO_FETCH_LAUNCHPAD_INFO = 'Failed to fetch launchpad information';
export const INVALID_START_TYPE = 'Invalid start type';
export const validationError = (message: string) => `Validation error: ${message}`;
export const INVALID_JSON_FORMAT = 'Invalid JSON format. Please check your input.';
export const INSCRIPTIONS_VALIDATED = 'Inscriptions validated successfully';
export const URL_COPIED = 'URL copied to clipboard';
export const submittedForReview = (type: string) => `Your ${type} has been submitted for review.`;
export const SUBMISSION_FAILED = 'Submission Failed';
export const SUBMISSION_FAILED_DEFAULT_REASON = 'This may take some time';
export const NO_DATA_TO_SIGN_AUCTION = 'There is no data to sign auction';
export const signInscriptionsAgreement = (count: number) =>
  `You are here by agreeing to sign ${count} inscriptions`;
export const ERROR_UPLOADING_IMAGE = 'Error uploading image';

// Auctions (product.md#errors).
export const NOT_ENOUGH_DATA_TO_SUBMIT_AUCTION = 'Not enough data to submit auction';
export const FAILED_TO_CONFIRM_AUCTION = 'Failed to confirm auction';
export const FAILED_TO_CREATE_AUCTION = 'Failed to create auction';

// PSBT signing (product.md#errors).
export const PSBT_ALREADY_SIGNED = 'Psbt already signed';
export const PSBT_NOT_SIGNED = 'PSBT is not signed';
export const FAILED_TO_SIGN_PSBT = 'Failed to sign psbt';
export const SIGNING_PSBT_FAILED = 'Signing psbt failed';
export const INVALID_SIGNED_DATA = 'Invalid signed data received';
export const UNEXPECTED_SIGNING_ERROR = 'An unexpected error occurred while signing';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';
export const psbtSignedToast = (id: string) => `PSBT "${id}" signed and confirmed successfully.`;

// Orders (product.md#errors).
export const errorSavingOrder = (id: string) => `Error saving order: ${id}`;
export const ERROR_SAVING_BID_ORDER = 'Error saving bid order';

// File upload (product.md#validation).
export const INVALID_FILE_FORMAT = 'Invalid file format. Please upload a correct file type.';
export const FILE_READING_FAILED = 'File reading failed.';
export const INVALID_DATA_FORMAT = 'Invalid Data format.';
export const UNEXPECTED_PARSE_ERROR = 'Unexpected error during parsing.';

// Swap (product.md#errors).
export const FAILED_TO_FETCH_SWAP_TX_SIZE = 'Failed to fetch swap transaction size';
export const FAILED_TO_FETCH_SWAP_PSBT = 'Failed to fetch swap PSBT';
export const FAILED_TO_BROADCAST_SWAP = 'Failed to broadcast swap transaction';
export const httpError = (status: number) => `HTTP error! status: ${status}`;

// Offers, prices, tasks and the inscription order service (product.md#errors).
export const UNKNOWN_ERROR = 'Unknown error occurred';
export const FAILED_TO_CREATE_BUY_OFFER = 'Failed to create buy offer';
export const FAILED_TO_SUBMIT_BUY_OFFER = 'Failed to submit buy offer';
export const FAILED_TO_FETCH_ALLOCATION = 'Failed to fetch allocation info';
export const FAILED_TO_FETCH_EDITIONS_PRICE = 'Failed to fetch price for editions';
export const FAILED_TO_FETCH_ORDER_PRICE = 'Failed to fetch order price';
export const FOLLOW_TWITTER_TASK_FAILED = 'Failed to complete follow-twitter task for user';
export const CACHE_ERROR = 'Cache Error';
export const FAILED_TO_FETCH_OB_ORDER = 'Failed to fetch OB order.';
export const PAYMENT_ADDRESS_TIMEOUT = 'Timed out waiting for payment address';
export const FAILED_TO_CREATE_MINT_ORDER =
  'Failed to create the mint order with the inscription service.';

// Listings (product.md#errors).
export const FAILED_TO_BUY_LISTING = 'Failed to buy listing';
export const FAILED_TO_SUBMIT_LISTING_PURCHASE = 'Failed to submit listing purchase';
export const LISTING_FAILED = 'Listing inscription failed.';
export const LISTING_PRICE_UPDATE_FAILED = 'Listing price update failed.';
export const DELISTING_FAILED = 'Delisting failed.';
export const FAILED_TO_CANCEL_OFFCHAIN = 'Failed to cancel the listing offchain.';
export const FAILED_TO_DELIST = 'Failed to delist the item.';

// Wallet and multisig (product.md#errors).
export const FAILED_TO_WITHDRAW = 'Failed to withdraw balance';
export const FAILED_TO_FETCH_BALANCE = 'Failed to fetch wallet available balance';
export const PADDING_SETUP_FAILED = 'Setting up padding outputs failed';
export const PADDING_SIGNING_FAILED = 'Signing padding outputs setup failed.';
export const WITHDRAWAL_EXCEEDS_BALANCE = 'Withdrawal amount exceeds available balance';

// Chart and transaction view (product.md#market-screens, #errors; product.md#errors).
export const INVALID_CHART_PERIOD = 'Invalid time period for collection floor price chart';
export const NO_TRANSACTION_FOUND = 'No transaction found';

// Media and viewer (product.md#market-screens, #errors).
export const mediaError = (message: string) => `Error: ${message}`;
export const NO_DATA_AVAILABLE = 'No data available';
export const PREVIEW_NOT_AVAILABLE = 'Preview not available!';

// Success toasts (product.md#errors).
export const INSCRIPTIONS_LISTED = 'Inscription(s) listed successfully';
export const INSCRIPTION_PRICE_CHANGED = 'Inscription price changed successfully.';
export const INSCRIPTION_DELISTED = 'Inscription delisted successfully.';
export const transactionBroadcasted = (txId: string) => `Transaction broadcasted: ${txId}`;
export const WITHDRAWAL_INITIATED = 'Withdrawal successfully initiated';
export const mintedToast = (tokens: string | number, ticker: string) =>
  `Successfully minted ${tokens} ${ticker}`;
export const CONTENT_COPIED = 'Content successfully copied to clipboard.';
export const xpAllocatedToast = (n: string | number, title: string) =>
  `You just allocated ${n} XP to ${title}`;
export const ticketsBoughtToast = (n: string | number, title: string) =>
  `You just bought ${n} tickets for ${title}`;

// product.md#trust-findings finding 2: a plain listing whose purchase went out and never confirmed
// ('exposed').
export const exposedListingMessage = (price: string) =>
  `A purchase of your listing went out and never confirmed, so your listing signature is public: anyone can still buy this inscription at ${price} until it moves. Delist on chain to end it.`;
