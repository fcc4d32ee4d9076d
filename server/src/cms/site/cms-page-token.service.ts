import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { MemberSession } from '../../auth/login-user';
import { SessionService } from '../../auth/session.service';
import { ServiceException } from '../../common/errors/service-exception';
import { SITE_PREFIX } from '../publish/serve-site-files';
import { CmsSite } from './cms-site.entity';

/** A member's page token. */
export class PageTokenDto {
  @ApiProperty() token: string;
  @ApiProperty({ description: 'When the token stops being accepted (ms since the epoch)' }) expiresAt: number;
  @ApiProperty() nickName: string;
}

/**
 * Page tokens (docs/cms.md "Members on published pages"): published pages are static and, on the built-in server,
 * sandboxed in an opaque origin, so their script can read no cookie of the member site. Their widgets send the member
 * to the member site's `/connect?return=<page>`; the member signs in if needed and agrees, and the page comes back
 * with a token of the page scope in its URL fragment: comment, like and vote in the member's name, nothing else. As
 * with a registered OAuth redirect URI, the token goes only to pages of our own published sites, so a page elsewhere
 * that sends a member to /connect gains nothing.
 */
@Injectable()
export class CmsPageTokenService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionService,
  ) {}

  async issue(member: MemberSession, pageUrl: string, requestHost: string): Promise<PageTokenDto> {
    if (!(await this.isPublishedPage(pageUrl, requestHost))) throw new ServiceException('cms.site.pageTokenNotSite');
    const { token, expiresAt } = await this.sessions.openPageToken(member);
    return { token, expiresAt, nickName: member.nickName || member.userName };
  }

  /**
   * Whether a URL is a page of one of our published sites: on this server's host under `/site/` (the built-in
   * server), or under one of the sites' absolute publish pipe URLs.
   */
  async isPublishedPage(pageUrl: string, requestHost: string): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(pageUrl);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.username || url.password) return false;
    if (url.host === requestHost && url.pathname.startsWith(SITE_PREFIX)) return true;
    const sites = await this.dataSource.getRepository(CmsSite).find({ select: { siteId: true, publishPipeProps: true } });
    return sites.some((site) =>
      Object.values(site.publishPipeProps ?? {}).some((props) => {
        const root = pipeRoot(props?.url);
        return !!root && url.origin === root.origin && url.pathname.startsWith(root.pathname);
      }),
    );
  }
}

/** A pipe's absolute URL as a prefix (its path ending in `/`), or null when it has none. */
function pipeRoot(raw: string | undefined): URL | null {
  if (!raw || !/^https?:\/\//i.test(raw.trim())) return null;
  try {
    const url = new URL(raw.trim());
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    return url;
  } catch {
    return null;
  }
}
