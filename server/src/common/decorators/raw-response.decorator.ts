import { SetMetadata } from '@nestjs/common';

export const RAW_RESPONSE = 'zhiwen:rawResponse';
/** The handler writes its own answer (file download, stream): no envelope around it. */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);
