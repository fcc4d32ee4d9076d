/** The search screens' resources (menu paths under 搜索) and the list routes they read (ChestnutCMS's paths). */
export const SEARCH_INDEX_RESOURCE = 'cms/search/index';
export const SEARCH_INDEX_LIST = 'cms/search/contents';
export const SEARCH_DICT_RESOURCE = 'cms/search/dict';
export const SEARCH_DICT_API = 'search/dict';
export const SEARCH_LOG_RESOURCE = 'cms/search/log';
export const SEARCH_LOG_API = 'search/log';
