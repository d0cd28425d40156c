/**
 * `/guide/:id` inside the app (in-app navigation, e.g. a host previewing a room). Guests arriving from a QR code
 * get the same screen through the light entry (guide.html → src/features/guide/main.tsx) without the app's code.
 */
import { useParams } from 'react-router-dom';
import { GuideScreen } from './guide-screen';
import '../guide.css';

export default function GuidePage() {
  const { id } = useParams();
  const guideId = id?.trim() || undefined;
  // One screen state per guide: moving to another guide starts fresh.
  return <GuideScreen key={guideId} id={guideId} />;
}
