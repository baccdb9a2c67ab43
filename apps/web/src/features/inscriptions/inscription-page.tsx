import { useParams } from 'react-router';
import { Page } from '../../components/ui/page.tsx';

export function InscriptionPage() {
  const { id = '' } = useParams();
  return (
    <Page title="Inscription" subtitle={<span className="break-all font-mono">{id}</span>}>
      <a
        href={`/content/${encodeURIComponent(id)}`}
        target="_blank"
        rel="noopener noreferrer"
        className="w-fit text-brand-400 hover:underline"
      >
        Open content
      </a>
    </Page>
  );
}
