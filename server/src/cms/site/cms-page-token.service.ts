import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { MemberSession } from '../../auth/login-user';
import { SessionService } from '../../auth/session.service';
import { ServiceException } from '../../common/errors/service-exception';
import { CmsSite } from './cms-site.entity';

/** A member's page token. */
export class PageTokenDto {
  @ApiProperty() token: string;
  @ApiProperty({ description: 'When the token stops being accepted (ms since the epoch)' }) expiresAt: number;
  @ApiProperty() nickName: string;
}

/**
 * Page tokens (docs/cms.md "Members on published pages"): published pages are static and, on the built-in server,
 * sandboxed in an opaque origin, so their script can read no cookie of the member site. A member who agrees in a
 * popup of the member site (`/connect`) gets a token of the page scope for the page that opened it: comment, like and
 * vote in the member's name, nothing else. It is handed only to pages of our own hosts: the popup's referrer (an
 * origin under the pages' `strict-origin-when-cross-origin` policy, which the opener cannot forge) must be this
 * server's host or the host of a site's publish pipe URL.
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

  /** Whether a page (full URL or origin) is on this server's host or on the host of one of the sites' pipe URLs. */
  async isPublishedPage(pageUrl: string, requestHost: string): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(pageUrl);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.host === requestHost) return true;
    const sites = await this.dataSource.getRepository(CmsSite).find({ select: { siteId: true, publishPipeProps: true } });
    return sites.some((site) => Object.values(site.publishPipeProps ?? {}).some((props) => originOf(props?.url) === url.origin));
  }
}

/** The origin of a pipe's absolute URL, or null when it has none. */
function originOf(raw: string | undefined): string | null {
  if (!raw || !/^https?:\/\//i.test(raw.trim())) return null;
  try {
    return new URL(raw.trim()).origin;
  } catch {
    return null;
  }
}
