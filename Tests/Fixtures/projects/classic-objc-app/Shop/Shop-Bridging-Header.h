#import "ProductListViewController.h"
