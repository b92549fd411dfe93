import { redirect } from 'next/navigation';
import { requireUser } from '@/lib/auth/guards';
import { homePathFor } from '@/lib/access/navigation';

export default async function HomePage() {
  const user = await requireUser();
  redirect(homePathFor(user.role));
}
