import { ExplorePage } from '@/features/feed/components/explore-page';

/** /explore ('Encontrar criadores'): the search for creators and the recommended ones. */
export function ExploreRoute() {
  return <ExplorePage />;
}
