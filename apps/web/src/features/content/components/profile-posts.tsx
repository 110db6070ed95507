import { Camera, ImageIcon, Rows3 } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { t } from '@/i18n/content';
import { useProfilePosts } from '../hooks/use-posts';
import { MediaGrid } from './media-grid';
import { PostList } from './post-list';

type Tab = 'posts' | 'media';

/**
 * A creator's posts on their profile, for those who may read them: 'Postagens' (the cards) and
 * 'Mídias' (every image and video in a grid), read from the caller's workspace `ws`.
 */
export function ProfilePosts({
  ws,
  username,
  label,
}: {
  ws: string | null;
  username: string;
  label: string;
}) {
  const [tab, setTab] = useState<Tab>('posts');
  const query = useProfilePosts(ws, username, true);
  const empty = (
    <EmptyState
      icon={Rows3}
      title={t.content.profile.emptyTitle}
      description={t.content.profile.emptyText(label)}
    />
  );
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="gap-5">
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="posts" className="sm:px-5">
          <Rows3 aria-hidden />
          {t.content.profile.posts}
        </TabsTrigger>
        <TabsTrigger value="media" className="sm:px-5">
          <ImageIcon aria-hidden />
          {t.content.profile.media}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="posts">
        <PostList query={query} ws={ws} empty={empty} />
      </TabsContent>
      <TabsContent value="media">
        <MediaGrid
          query={query}
          ws={ws}
          empty={
            <EmptyState
              icon={Camera}
              title={t.content.profile.noMediaTitle}
              description={t.content.profile.noMediaText}
            />
          }
        />
      </TabsContent>
    </Tabs>
  );
}
