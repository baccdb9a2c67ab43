import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { WalletIcon } from '../../components/ui/icons.tsx';
import { shortenAddress } from '../../lib/format.ts';
import { ConnectWalletDialog } from './connect-wallet-dialog.tsx';
import { useWallet } from './wallet-context.ts';
import { WalletPanel } from './wallet-panel.tsx';

/** 'Connect Wallet' until signed in, then the shortened payment address that opens the panel. */
export function WalletButton() {
  const { wallet, status } = useWallet();
  // Which dialog is open; separate values so that connecting does not pop the panel open.
  const [openDialog, setOpenDialog] = useState<'connect' | 'panel' | null>(null);
  const close = () => setOpenDialog(null);
  const [seenStatus, setSeenStatus] = useState(status);
  if (status !== seenStatus) {
    // Signing in closes the chooser; losing the session closes the panel. A failed connect
    // leaves the chooser open to try another wallet.
    setSeenStatus(status);
    if (status === 'connected' || (status === 'disconnected' && openDialog === 'panel')) {
      setOpenDialog(null);
    }
  }

  if (wallet && status === 'connected') {
    return (
      <>
        <Button
          onClick={() => setOpenDialog('panel')}
          title={wallet.paymentAddress}
          aria-haspopup="dialog"
          className="font-mono"
        >
          <WalletIcon className="size-4 text-brand-500" />
          {shortenAddress(wallet.paymentAddress)}
        </Button>
        <WalletPanel open={openDialog === 'panel'} onClose={close} wallet={wallet} />
      </>
    );
  }

  return (
    <>
      <Button variant="primary" onClick={() => setOpenDialog('connect')} aria-haspopup="dialog">
        Connect Wallet
      </Button>
      <ConnectWalletDialog open={openDialog === 'connect'} onClose={close} />
    </>
  );
}
